import { signInOverHttp } from '../../support/admin-http.js';
import { editFormValues } from '../../support/merchant-fixtures.js';
import { FAULTS_ADMIN } from './fault-settings.js';

export type MerchantDetail = Record<string, unknown> & { id: string; kode_pendaftaran: string; updated_at: string; status: string };
export type ListItem = { id: string; kode_pendaftaran: string };

/** The admin API over real HTTP with a session cookie (COOKIE_SECURE=false: plain-HTTP loopback). */
export class AdminClient {
  private constructor(
    readonly baseUrl: string,
    private readonly cookie: string,
  ) {}

  static async signIn(baseUrl: string, account = FAULTS_ADMIN): Promise<AdminClient> {
    return new AdminClient(baseUrl, await signInOverHttp(baseUrl, account));
  }

  fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('cookie', this.cookie);
    if (init.body !== undefined) headers.set('content-type', 'application/json');
    return fetch(`${this.baseUrl}${path}`, { ...init, headers });
  }

  async json<T>(path: string, init: RequestInit = {}): Promise<T> {
    const response = await this.fetch(path, init);
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  async findByCode(code: string): Promise<ListItem[]> {
    const list = await this.json<{ items: ListItem[] }>(`/api/admin/merchants?q=${encodeURIComponent(code)}&page_size=100`);
    return list.items.filter((item) => item.kode_pendaftaran === code);
  }

  async total(): Promise<number> {
    return (await this.json<{ total: number }>('/api/admin/merchants?status=all&page_size=25')).total;
  }
}

/** The PUT body an admin's edit form sends: the profile as read, plus the updated_at it started from. */
export function editBody(detail: MerchantDetail, changes: Record<string, unknown>): Record<string, unknown> {
  return { ...editFormValues(detail), ...changes, expected_updated_at: detail.updated_at };
}

/** Runs `task` over `items` with at most `limit` at a time. */
export async function mapLimit<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
