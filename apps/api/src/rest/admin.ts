import type { RestShims } from './caller.js';

export const adminShims: RestShims = () => {};
