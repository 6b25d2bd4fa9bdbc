import { requestEnvironmentEarly } from './federation/environment-request';

// The environment manifest is read while the shell's code loads.
requestEnvironmentEarly();
// The async boundary lets the federation runtime settle shared modules before the shell renders.
import('./bootstrap');
