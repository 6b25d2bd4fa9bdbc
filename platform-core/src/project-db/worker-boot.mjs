// Entry of a project database worker thread: teaches the thread TypeScript (tsx), then loads the
// worker proper. Plain JavaScript because nothing can load TypeScript before this line runs.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
