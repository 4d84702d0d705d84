import { describe, expect, it } from 'vitest';
import { createLogger, REDACTED, scrubSecrets } from './logger';

function collect(secrets: string[] = []) {
  const lines: string[] = [];
  const logger = createLogger({
    level: 'debug',
    secrets,
    destination: { write: (line: string) => void lines.push(line) },
  });
  return { logger, lines };
}

describe('the logger', () => {
  it('redacts keys, passwords, cookies and authorization wherever the usual fields carry them', () => {
    const { logger, lines } = collect();
    logger.info(
      {
        apiKey: 'k1-secret',
        password: 'p-secret',
        req: {
          headers: {
            'x-api-key': 'k2-secret',
            cookie: 'studio_session=s-secret',
            authorization: 'Bearer a-secret',
          },
        },
        env: { API_KEY: 'k3-secret', STUDIO_PASSWORD: 'p2-secret' },
      },
      'hello',
    );
    const line = lines.join('');
    expect(line).toContain('hello');
    expect(line).not.toMatch(/secret/);
    expect(line).toContain(REDACTED);
  });

  it('scrubs a known secret from any line, even inside a message or an error', () => {
    const key = 'sk-live-"quoted"-key';
    const { logger, lines } = collect([key]);
    logger.warn({ err: new Error(`upstream said bad key ${key}`) }, `url with ${key}`);
    const line = lines.join('');
    expect(line).not.toContain(key);
    expect(line).not.toContain(JSON.stringify(key).slice(1, -1));
    expect(line).toContain(REDACTED);
  });

  it('scrubSecrets replaces every occurrence', () => {
    expect(scrubSecrets('a KEY b KEY', ['KEY'])).toBe(`a ${REDACTED} b ${REDACTED}`);
  });
});
