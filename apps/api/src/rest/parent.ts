import type { RestShims } from './caller.js';

export const parentShims: RestShims = () => {};
