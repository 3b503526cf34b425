/** An admin account as the login form sends it. */
export type AdminAccount = { email: string; password: string };

/**
 * Signs in through the real login route of a running server and returns the cookie header to send back
 * (COOKIE_SECURE=false on these servers: plain HTTP on the loopback).
 */
export async function signInOverHttp(baseUrl: string, account: AdminAccount): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (response.status !== 200) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0]!);
  if (!cookies.some((cookie) => cookie.startsWith('aipos_session='))) throw new Error('sign-in set no aipos_session cookie');
  return cookies.join('; ');
}
