/**
 * The gateway's configuration from the environment (sync-server/config.ts): the memory the app's
 * hashed files may take.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_APP_FILES_MEMORY_MB, loadConfig } from '../../../sync-server/config';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'cj-config-'));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('APP_FILES_MEMORY_MB', () => {
  it('defaults to the default, in bytes', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).appFilesMemoryBytes).toBe(
      DEFAULT_APP_FILES_MEMORY_MB * 1024 * 1024,
    );
  });

  it('takes megabytes, 0 included (every request read from disk)', () => {
    expect(loadConfig({ DATA_DIR: dataDir, APP_FILES_MEMORY_MB: '0.5' }).appFilesMemoryBytes).toBe(
      512 * 1024,
    );
    expect(loadConfig({ DATA_DIR: dataDir, APP_FILES_MEMORY_MB: '0' }).appFilesMemoryBytes).toBe(0);
  });

  it('refuses a negative or non-numeric value, naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, APP_FILES_MEMORY_MB: '-1' })).toThrow(
      /APP_FILES_MEMORY_MB/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, APP_FILES_MEMORY_MB: 'lots' })).toThrow(
      /APP_FILES_MEMORY_MB/,
    );
  });
});
