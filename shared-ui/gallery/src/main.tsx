import { createRoot } from 'react-dom/client';
import { ThemeProvider, isThemeName } from '@plinth/shared-ui/theme';
import { Gallery } from './Gallery';

// The theme comes from the address (?theme=light), so a screenshot of each theme is one visit.
const asked = new URLSearchParams(window.location.search).get('theme');
const theme = isThemeName(asked) ? asked : 'dark';

createRoot(document.getElementById('root')!).render(
  <ThemeProvider theme={theme} persist={false}>
    <Gallery theme={theme} />
  </ThemeProvider>,
);
