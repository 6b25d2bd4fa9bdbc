import { renderArea as renderWithKit, type RenderAreaOptions } from '@plinth/area-kit/testing';
import manifest from '../../area.manifest';
import App from '../App';

/**
 * The settings area as the host mounts it, opened at an address: project pages under
 * `/project/${PROJECT_REF}/…`, organization and account pages from the root ("/org/acme/general").
 */
export const renderArea = (at: string, options: Omit<RenderAreaOptions, 'manifest' | 'at'> = {}) => renderWithKit(App, { manifest, at, theme: 'light', ...options });
