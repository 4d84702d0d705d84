import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchResult, BenchSuite } from './types';

// `npm run bench [name...]`: runs every bench/*.bench.ts (or those named), writes bench/results.json
// and prints a table. Suites run one after another so that they do not disturb each other's timings.
// Running some suites keeps the other suites' last figures in results.json (each with its own date).

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((name) => f.startsWith(name)))
  .sort();

const results: BenchResult[] = [];
const failures: string[] = [];
for (const file of files) {
  const started = Date.now();
  process.stdout.write(`running ${file} ... `);
  try {
    const mod = (await import(join(here, file))) as { run: BenchSuite };
    const figures = await mod.run();
    results.push(...figures);
    console.log(`${figures.length} figures in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    failures.push(`${file}: ${(error as Error).stack ?? error}`);
    console.log('FAILED');
  }
}

const resultsFile = join(here, 'results.json');
const suitesRun = new Set(results.map((r) => r.suite));
const stamped = results.map((r) => ({ ...r, date: new Date().toISOString() }));
const kept = readPreviousResults().filter((r) => !suitesRun.has(r.suite));
const output = {
  date: new Date().toISOString(),
  machine: { node: process.version, platform: process.platform, arch: process.arch, cores: cpus().length },
  results: [...kept, ...stamped].sort((a, b) => a.suite.localeCompare(b.suite)),
};
writeFileSync(resultsFile, JSON.stringify(output, null, 2) + '\n');

const rows = results.map((r) => [
  r.suite,
  r.name,
  `${Number.isInteger(r.value) ? r.value : r.value.toFixed(2)} ${r.unit}`,
  r.goal ? `${r.goal} ${r.pass === false ? 'MISSED' : 'ok'}` : '',
]);
const header = ['suite', 'figure', 'value', 'goal'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
console.log('\n' + line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of rows) console.log(line(row));
console.log(`\nwritten to bench/results.json`);
for (const failure of failures) console.error(`\n${failure}`);
process.exit(failures.length ? 1 : 0);

function readPreviousResults(): (BenchResult & { date?: string })[] {
  if (!existsSync(resultsFile)) return [];
  try {
    const previous = JSON.parse(readFileSync(resultsFile, 'utf8')) as {
      date?: string;
      results?: BenchResult[];
    };
    return (previous.results ?? []).map((r) => ({ date: previous.date, ...r }));
  } catch {
    return [];
  }
}
