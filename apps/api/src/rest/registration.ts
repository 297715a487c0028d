import type { RestShims } from './caller.js';

export const registrationShims: RestShims = () => {};
