import type { RestShims } from './caller.js';

export const driverShims: RestShims = () => {};
