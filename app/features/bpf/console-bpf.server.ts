/**
 * The BPF screen's figures for a year: the report, and the learners of the one line asked for (only
 * that list reaches the page: a year may count thousands of learners). A line the report does not
 * have is said, not an error. Section C (the products) is billing's, which the route reads beside it.
 */
import { loadOr } from "~/platform/console/action.server";
import type { AppRuntime } from "~/platform/runtime.server";
import { bpfYear, learnersOfLine, lineLabel } from "./bpf.server";

export async function bpfPage(app: AppRuntime, year: number, asked: string | null) {
  const empty: Awaited<ReturnType<typeof bpfYear>> = {
    report: {
      year,
      years: [year],
      sections: [],
      counted: 0,
      notCounted: 0,
      trainers: { people: [], minutes: 0, unnamedMinutes: 0 },
      namedNsf: [],
    },
    learners: [],
  };
  const { value, loadError } = await loadOr(app, "chiffres du bilan", () => bpfYear(app.db, year), empty);
  const label = asked ? lineLabel(value.report, asked) : null;
  return {
    report: value.report,
    list:
      asked && label
        ? { line: asked, label, learners: learnersOfLine(value.report, value.learners, asked) }
        : null,
    unknownLine: Boolean(asked && !label && !loadError),
    loadError,
  };
}
