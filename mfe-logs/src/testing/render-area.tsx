import { renderArea as renderWithKit, type RenderAreaOptions } from '@plinth/area-kit/testing';
import manifest from '../../area.manifest';
import App from '../App';

export { PROJECT_REF } from '@plinth/area-kit/testing';

/** The logs area as the host mounts it, opened at a path below the project ("logs/explorer"). */
export const renderArea = (at: string, options: Omit<RenderAreaOptions, 'manifest' | 'at'> = {}) => renderWithKit(App, { manifest, at, ...options });
