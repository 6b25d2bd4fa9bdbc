// Keys typed the moment the SQL editor opens (issue 21): /sql/new opened cold, and a line of SQL with
// Enter and Backspace typed as soon as a field shows: "first field" types in whichever comes first
// (the plain field while CodeMirror loads), "CodeMirror" waits for CodeMirror's surface and types
// the moment it is there, before anything it fetches on first use has come. Prints the characters lost (typed but missing from the editor's text once it has
// settled, spaces aside: Enter may indent) and keydown to the end of the next frame for the first
// keys (the first key's and the slowest). RUNS (3) cold opens. Prints, never asserts.
import { launchChromium, signUpWithProject, startConsole } from './load-console';

const RUNS = Number(process.env.RUNS ?? 3);
const TYPED = ['s', 'e', 'l', 'e', 'c', 't', ' ', '1', 'Enter', 'f', 'r', 'o', 'm', ' ', 'x', 'Backspace', 't', 'o', 'd', 'o', 's'];
const EXPECTED = 'select 1\nfrom todos';

const server = await startConsole();
const browser = await launchChromium();
try {
  const setup = await browser.newContext();
  const ref = await signUpWithProject(setup, server.url);
  const cookies = await setup.cookies();
  await setup.close();
  for (let n = 0; n < RUNS * 2; n++) {
    const run = Math.floor(n / 2) + 1;
    const intoCodeMirror = n % 2 === 1;
    const context = await browser.newContext();
    await context.addCookies(cookies);
    // keydown to the end of the next frame, per key, read in the page.
    await context.addInitScript({
      content: `window.__keyTimes = []; addEventListener('keydown', (e) => { const t = performance.now(); requestAnimationFrame(() => setTimeout(() => window.__keyTimes.push(performance.now() - t))); }, true);`,
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/project/${ref}/sql/new`);
    const surface = '[data-testid="sql-code-editor"] [contenteditable="true"]';
    const field = page.locator(intoCodeMirror ? surface : `[data-testid="sql-code-editor-fallback"], ${surface}`).first();
    await field.waitFor({ timeout: 30_000 });
    const plainAtStart = (await field.getAttribute('data-testid')) === 'sql-code-editor-fallback';
    await field.click();
    for (const key of TYPED) await page.keyboard.press(key);
    await page.getByTestId('sql-code-editor').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1_000);
    const text = await page.locator('[data-testid="sql-code-editor"] .cm-content').evaluate((el) => (el as HTMLElement).innerText);
    const times: number[] = await page.evaluate(() => (window as unknown as { __keyTimes: number[] }).__keyTimes);
    const squeeze = (s: string) => s.replace(/\s+/g, ' ').trim();
    const got = squeeze(text);
    const want = squeeze(EXPECTED);
    // Lost: the typed characters not found, in order, in the text (the longest common subsequence's shortfall).
    const common = Array.from({ length: want.length + 1 }, () => new Array<number>(got.length + 1).fill(0));
    for (let i = 1; i <= want.length; i++) {
      for (let j = 1; j <= got.length; j++) common[i]![j] = want[i - 1] === got[j - 1] ? common[i - 1]![j - 1]! + 1 : Math.max(common[i - 1]![j]!, common[i]![j - 1]!);
    }
    const lost = want.length - common[want.length]![got.length]!;
    console.log(
      `run ${run}, ${intoCodeMirror ? 'CodeMirror' : 'first field'}: typed into ${plainAtStart ? 'the plain field (CodeMirror loading)' : 'CodeMirror'}; text ${JSON.stringify(text)}; ${lost} characters lost; ` +
        `first key ${times[0]?.toFixed(1)} ms to frame, slowest of ${times.length} ${Math.max(...times).toFixed(1)} ms`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
