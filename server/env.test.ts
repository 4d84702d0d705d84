import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('parseEnv', () => {
  it('gives the defaults of design.md', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      HOST: '127.0.0.1',
      PORT: 8080,
      DATA_DIR: './data',
      ENGINE_PORT: 8787,
      ENGINE_TIME_SCALE: 1,
      ENGINE_POINTS: 10000,
    });
    expect(env.UPSTREAM_URL).toBeUndefined();
  });

  it('names the variable of a bad value in one line', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/^Invalid environment: PORT /);
    expect(() => parseEnv({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => parseEnv({ ENGINE_TIME_SCALE: '-1' })).toThrow(/ENGINE_TIME_SCALE/);
    expect(() => parseEnv({ UPSTREAM_URL: 'not a url', API_KEY: 'k' })).toThrow(/UPSTREAM_URL/);
  });

  it('requires API_KEY with UPSTREAM_URL', () => {
    expect(() => parseEnv({ UPSTREAM_URL: 'https://api.example.com' })).toThrow(/API_KEY is required/);
    expect(parseEnv({ UPSTREAM_URL: 'https://api.example.com', API_KEY: 'k' }).API_KEY).toBe('k');
  });

  it('refuses a non-loopback HOST without a studio password', () => {
    expect(() => parseEnv({ HOST: '0.0.0.0' })).toThrow(/HOST .*STUDIO_PASSWORD/);
    expect(parseEnv({ HOST: '0.0.0.0', STUDIO_PASSWORD: 'long enough' }).HOST).toBe('0.0.0.0');
    expect(parseEnv({ HOST: 'localhost' }).HOST).toBe('localhost');
  });

  it('never echoes a secret value in its message', () => {
    try {
      parseEnv({ STUDIO_PASSWORD: 'short' });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toMatch(/STUDIO_PASSWORD/);
      expect((error as Error).message).not.toContain('short');
    }
  });
});
