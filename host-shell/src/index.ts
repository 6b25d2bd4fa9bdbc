// The async boundary lets the federation runtime settle shared modules before the shell renders.
import('./bootstrap');
