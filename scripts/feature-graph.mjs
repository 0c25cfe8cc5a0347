#!/usr/bin/env node
// The features' own import graph: dependency-cruiser's module graph collapsed so that every file of
// app/features/<name>/ is one node. dependency-cruiser's no-circular rule sees circles between modules
// only; two features can still lean on each other through different files (a imports b's index, b's
// other file imports a's index), and then neither can be read, tested or moved without the other.
// This check refuses any such circle, naming it, and prints the graph's size.
//
//   node scripts/feature-graph.mjs              cruise app/ with the repository's rules, then check
//   node scripts/feature-graph.mjs graph.json   check a graph saved by `depcruise --output-type json`
//
// Exit status 1 when two features or more form a circle. `npm run lint` runs it.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const featureOf = (file) => /^app\/features\/([^/]+)\//.exec(file)?.[1];

/** Feature → the features it imports (type-only imports included: a circle of types is one too). */
export function featureEdges(modules) {
  const edges = new Map();
  for (const module of modules) {
    const from = featureOf(module.source);
    if (!from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    for (const dependency of module.dependencies ?? []) {
      const to = featureOf(dependency.resolved ?? "");
      if (!to || to === from) continue;
      const targets = edges.get(from);
      if (!targets.has(to)) targets.set(to, []);
      targets.get(to).push(`${module.source} → ${dependency.resolved}`);
    }
  }
  return edges;
}

/** The strongly connected groups of more than one feature (Tarjan), each sorted by name. */
export function circles(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  let counter = 0;
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), index.get(next)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return groups;
}

/** One shortest circle through `start` inside its group, as the imports that make it. */
function oneCircle(edges, group, start) {
  const members = new Set(group);
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const node = queue.shift();
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (previous.get(path[0])) path.unshift(previous.get(path[0]));
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start];
}

/** What the check finds: counts, mutual pairs, circles, and the message naming each circle. */
export function checkFeatures(modules) {
  const edges = featureEdges(modules);
  let imports = 0;
  let featureToFeature = 0;
  const pairs = [];
  for (const [from, targets] of edges) {
    for (const [to, files] of targets) {
      featureToFeature += 1;
      imports += files.length;
      if (from < to && edges.get(to)?.has(from)) pairs.push(`${from}<->${to}`);
    }
  }
  const groups = circles(edges);
  const messages = groups.map((group) => {
    const circle = oneCircle(edges, group, group[0]);
    const steps = circle.slice(1).map((to, i) => `    ${edges.get(circle[i]).get(to)[0]}`);
    return `features in a circle: ${group.join(", ")}\n  e.g. ${circle.join(" → ")}:\n${steps.join("\n")}`;
  });
  return {
    features: edges.size,
    featureToFeature,
    imports,
    pairs: pairs.sort(),
    groups,
    largestGroup: Math.max(0, ...groups.map((group) => group.length)),
    messages,
  };
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  let json;
  if (process.argv[2]) {
    json = readFileSync(process.argv[2], "utf8");
  } else {
    const run = spawnSync(
      path.join(root, "node_modules/.bin/depcruise"),
      ["app", "--config", ".dependency-cruiser.cjs", "--output-type", "json"],
      {
        cwd: process.cwd(),
        encoding: "utf8",
        maxBuffer: 256 * 1024 * 1024,
      },
    );
    // Rule violations are depcruise's own report (npm run lint prints it); here only the graph counts.
    if (!run.stdout) {
      process.stderr.write(run.stderr);
      process.exit(2);
    }
    json = run.stdout;
  }
  const graph = JSON.parse(json);
  const result = checkFeatures(graph.modules);
  const summary =
    `${result.features} features, ${result.featureToFeature} feature→feature edges ` +
    `(${result.imports} imports), ${result.pairs.length} mutual pairs, ` +
    `largest circle ${result.largestGroup} features`;
  if (result.groups.length) {
    console.error(result.messages.join("\n\n"));
    if (result.pairs.length) console.error(`mutual pairs: ${result.pairs.join(" ")}`);
    console.error(`✘ ${summary}`);
    process.exit(1);
  }
  console.log(`✔ no circle between features: ${summary}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
