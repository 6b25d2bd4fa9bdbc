// deploy: publish built remotes, promote and roll back versions per environment.
//   tsx src/cli.ts publish <area> [--version v] [--force] [--build] [--from <folder>] [--env-var KEY=VALUE ...]
//   tsx src/cli.ts publish-all [--force]
//   tsx src/cli.ts promote <env> <area> <version>
//   tsx src/cli.ts promote-shell <env>
//   tsx src/cli.ts rollback <env> <area>
//   tsx src/cli.ts remove <env> <area>
//   tsx src/cli.ts list <env>
import path from 'node:path';
import { describeEnvironment, promote, promoteShell, removeArea, rollback } from './environments';
import { DEFAULT_DIRS, DeployError, requireAreaName, requireEnvironmentName, type DeployDirs } from './paths';
import { publishAll, publishArea } from './publish';

const USAGE = `Usage:
  deploy publish <area> [--version <v>] [--force] [--build] [--from <folder>] [--env-var KEY=VALUE ...]
  deploy publish-all [--force]
  deploy promote <env> <area> <version>
  deploy promote-shell <env>
  deploy rollback <env> <area>
  deploy remove <env> <area>
  deploy list <env>`;

interface ParsedArgs {
  positional: string[];
  version?: string;
  /** Folder of an area's sources outside mfe-<area> (built first). */
  from?: string;
  force: boolean;
  build: boolean;
  envVars: Record<string, string>;
}

export function parseArgs(args: string[]): ParsedArgs {
  const parsed: ParsedArgs = { positional: [], force: false, build: false, envVars: {} };
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i];
    if (arg === '--force') parsed.force = true;
    else if (arg === '--build') parsed.build = true;
    else if (arg === '--version') parsed.version = args[++i];
    else if (arg === '--from') parsed.from = args[++i];
    else if (arg === '--env-var') {
      const pair = args[++i] ?? '';
      const eq = pair.indexOf('=');
      if (eq < 1) throw new DeployError(`--env-var needs KEY=VALUE, got "${pair}".`);
      parsed.envVars[pair.slice(0, eq)] = pair.slice(eq + 1);
    } else if (arg.startsWith('--')) throw new DeployError(`Unknown option ${arg}.\n${USAGE}`);
    else parsed.positional.push(arg);
  }
  return parsed;
}

export async function runCli(args: string[], dirs: DeployDirs = DEFAULT_DIRS, log: (line: string) => void = console.log): Promise<void> {
  const [command, ...rest] = args;
  const options = parseArgs(rest);
  const [first, second, third] = options.positional;
  switch (command) {
    case 'publish': {
      const area = requireAreaName(first);
      const areaDir = options.from ? path.resolve(options.from) : undefined;
      await publishArea({ area, version: options.version, force: options.force, build: options.build, envVars: options.envVars, areaDir, dirs, log });
      return;
    }
    case 'publish-all':
      await publishAll({ dirs, force: options.force, log });
      return;
    case 'promote': {
      if (!third) throw new DeployError(`promote needs an environment, an area and a version.\n${USAGE}`);
      const result = await promote(requireEnvironmentName(first), requireAreaName(second), third, dirs);
      log(`${result.env}: ${result.area} ${result.previous ?? '(none)'} -> ${result.current}`);
      return;
    }
    case 'promote-shell': {
      const result = await promoteShell(requireEnvironmentName(first), dirs);
      log(`${result.env}: shell ${result.previous ?? '(the published one)'} -> ${result.current}`);
      return;
    }
    case 'rollback': {
      const result = await rollback(requireEnvironmentName(first), requireAreaName(second), dirs);
      log(`${result.env}: ${result.area} rolled back ${result.previous} -> ${result.current}`);
      return;
    }
    case 'remove': {
      const env = requireEnvironmentName(first);
      const area = requireAreaName(second);
      await removeArea(env, area, dirs);
      log(`${env}: ${area} removed`);
      return;
    }
    case 'list':
      for (const line of await describeEnvironment(requireEnvironmentName(first), dirs)) log(line);
      return;
    default:
      throw new DeployError(command ? `Unknown command "${command}".\n${USAGE}` : USAGE);
  }
}

const invokedDirectly = process.argv[1]?.endsWith('cli.ts');
if (invokedDirectly) {
  runCli(process.argv.slice(2)).catch((error: unknown) => {
    if (error instanceof DeployError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(error);
    process.exit(1);
  });
}
