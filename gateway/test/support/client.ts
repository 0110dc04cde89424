// An HTTP client that behaves like the web client: a cookie jar, JSON bodies, the
// X-Requested-With header.
export class ApiClient {
  private cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }
  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', ...headers };
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body !== undefined && !h['content-type']) h['content-type'] = 'application/json';
    const res = await fetch(new URL(path, this.base), {
      method,
      headers: h,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const [name, ...rest] = pair.split('=');
      const value = rest.join('=');
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await res.text();
    let json: any = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, json, text };
  }
}

export function uniqueEmail(tag = 'user') {
  return `${tag}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export function validRegistration(over: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail(),
    password: 'correct-horse',
    firstName: 'Ada',
    lastName: 'Lovelace',
    city: 'Miami, FL',
    state: 'Florida',
    userType: 'host',
    ...over,
  };
}

export { waitFor } from '@luxe/platform';
