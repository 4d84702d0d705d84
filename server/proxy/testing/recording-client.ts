// A fetch for tests that keeps every response (status, headers, body text) for a later scan.

export interface Recorded {
  url: string;
  status: number;
  headers: string;
  body: string;
}

export function recordingClient(baseUrl: string) {
  const recorded: Recorded[] = [];
  async function send(path: string, init: RequestInit = {}) {
    const response = await fetch(new URL(path, baseUrl), init);
    const buffer = Buffer.from(await response.arrayBuffer());
    const entry: Recorded = {
      url: path,
      status: response.status,
      headers: JSON.stringify([...response.headers]),
      body: buffer.toString('latin1'),
    };
    recorded.push(entry);
    return {
      status: response.status,
      headers: response.headers,
      text: buffer.toString('utf8'),
      bytes: buffer,
    };
  }
  return {
    recorded,
    send,
    async json<T>(path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') {
      const { status, text, headers } = await send(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status, headers, body: (text ? JSON.parse(text) : null) as T };
    },
  };
}
