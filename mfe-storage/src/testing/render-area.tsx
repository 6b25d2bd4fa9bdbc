import { renderArea as renderWithKit, type RenderAreaOptions } from '@plinth/area-kit/testing';
import manifest from '../../area.manifest';
import App from '../App';

/** The storage area as the host mounts it, opened at a path below the project ("storage/buckets"). */
export const renderArea = (at: string, options: Omit<RenderAreaOptions, 'manifest' | 'at'> = {}) => renderWithKit(App, { manifest, at, ...options });

/** Dialogs and panels load their code when first opened: the first open may take a module load. */
export const DIALOG_LOAD = { timeout: 5000 };
