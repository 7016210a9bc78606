// Nanoseconds per call of @octokit/endpoint for the cases in cases.json,
// measured exactly like bench_endpoint.py measures restroute: a warm-up that
// sizes a round to ~0.2 s, then five rounds. Prints {name: [best ns, worst ns]}.
//
// Usage: node benchmarks/octokit_bench.mjs CASES_JSON INSTALL_DIR
// (INSTALL_DIR holds node_modules/@octokit/endpoint; normally run through
// `bash benchmarks/compare_octokit.sh`, which installs it in a temp folder.)

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";

const [casesPath, installDir] = process.argv.slice(2);
if (!casesPath || !installDir) {
  console.error("usage: node octokit_bench.mjs CASES_JSON INSTALL_DIR");
  process.exit(2);
}
// 9.0.4 has no "exports"; "main" is the CommonJS build in dist-node.
const require = createRequire(join(resolve(installDir), "package.json"));
const { endpoint } = require("@octokit/endpoint");

const ROUNDS = 5;
const POOL = 1 << 16; // fresh options: as bench_endpoint.py makes them
const TARGET_NS_PER_ROUND = 200_000_000n;
const RENAMES = { base_url: "baseUrl", media_type: "mediaType" };

// restroute's snake_case option names -> octokit's (top level only).
function octokitOptions(options) {
  return Object.fromEntries(
    Object.entries(options).map(([key, value]) => [RENAMES[key] ?? key, value]),
  );
}

function caseFunction(testCase) {
  let base = endpoint;
  for (const layer of testCase.defaults ?? []) base = base.defaults(octokitOptions(layer));
  const [route, rawOptions] = testCase.args;
  let options = octokitOptions(rawOptions);
  const kind = testCase.kind ?? "call";
  let call = (o) => base(route, o);
  if (kind === "merge") call = (o) => base.merge(route, o);
  if (kind === "parse") {
    options = base.merge(route, options);
    call = (o) => base.parse(o);
  }
  if (testCase.fresh) {
    const pool = freshPool(options, testCase.fresh);
    let i = 0;
    return () => call(pool[i++ & (POOL - 1)]);
  }
  return () => call(options);
}

// The options of call i: each fresh key's value with i appended (a number has i added).
function freshPool(options, keys) {
  const pool = [];
  for (let i = 0; i < POOL; i++) {
    const fresh = { ...options };
    for (const key of keys) {
      fresh[key] = typeof options[key] === "number" ? options[key] + i : options[key] + String(i);
    }
    pool.push(fresh);
  }
  return pool;
}

let sink; // keeps results alive so the calls cannot be optimised away

function nsPerCall(fn) {
  let loops = 1000;
  let elapsed;
  for (;;) { // size a round to about TARGET_NS_PER_ROUND
    const start = process.hrtime.bigint();
    for (let i = 0; i < loops; i++) sink = fn();
    elapsed = process.hrtime.bigint() - start;
    if (elapsed > TARGET_NS_PER_ROUND / 4n) break;
    loops *= 4;
  }
  loops = Math.max(1, Math.floor((loops * Number(TARGET_NS_PER_ROUND)) / Number(elapsed)));
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < loops; i++) sink = fn();
    rounds.push(Number(process.hrtime.bigint() - start) / loops);
  }
  return [Math.min(...rounds), Math.max(...rounds)]; // best and worst round
}

const cases = JSON.parse(readFileSync(casesPath, "utf8"));
const figures = {};
for (const testCase of cases) figures[testCase.name] = nsPerCall(caseFunction(testCase));
if (sink === undefined) throw new Error("no result");
console.log(JSON.stringify(figures));
