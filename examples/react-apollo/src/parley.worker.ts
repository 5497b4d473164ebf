import { hostParley } from 'parley/msw/shared-worker';

// The mock's state for every tab of the app: the demo workspace, seed 1 (as `npm start`).
hostParley({ seed: 1 });
