// Signs in as the demo parent and the demo driver on a server started with the demo data and answers
// the Cookie header of each session, so that Lighthouse measures the screens they land on.
const DEMO = {
  parent: { path: '/api/auth/login', body: { email: 'parent@demo.bh', password: 'demo-parent' }, page: '/parent' },
  driver: { path: '/api/driver/login', body: { phone: '33000001', password: 'demo-driver' }, page: '/driver' },
};

export const SIGNED_IN_PAGES = Object.fromEntries(Object.entries(DEMO).map(([role, { page }]) => [page, role]));

async function signIn(baseUrl, { path, body }) {
  const answer = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`Signing in at ${path} answered ${answer.status}: ${await answer.text()}`);
  const cookies = answer.headers.getSetCookie().map((line) => line.split(';')[0]);
  if (cookies.length === 0) throw new Error(`Signing in at ${path} set no cookie.`);
  return cookies.join('; ');
}

/** The Cookie header per signed-in page ('/parent', '/driver'). */
export async function signedInCookies(baseUrl) {
  const cookies = {};
  for (const { page, ...signInRequest } of Object.values(DEMO)) cookies[page] = await signIn(baseUrl, signInRequest);
  return cookies;
}
