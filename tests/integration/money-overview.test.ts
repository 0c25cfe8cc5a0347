// The money's overview screens on the real database: the Encours (payers who owe, overdue first, the
// totals above), the dashboard's two figures, the sales journal's download (admin only), the BPF's
// section C on the BPF screen and its CSV. Every invoice is issued on 2025-03-01; their due dates are
// counted from today, so that which are overdue does not depend on the day the test runs.
import { beforeAll, describe, expect, it } from "vitest";
import { invoicesArchive, lastFullMonth, periodAsked } from "~/features/billing/console-exports.server";
import { SALES_JOURNAL_HEADER } from "~/features/billing/index.server";
import { addDays, parisToday } from "~/platform/dates";
import * as exportsRoute from "~/routes/admin/accounting-exports";
import * as bpfRoute from "~/routes/admin/bpf";
import * as bpfProductsRoute from "~/routes/admin/bpf-products-csv";
import * as dashboardRoute from "~/routes/admin/dashboard";
import * as archiveRoute from "~/routes/admin/invoices-archive";
import * as outstandingRoute from "~/routes/admin/outstanding";
import * as salesExportRoute from "~/routes/admin/sales-journal-export";
import { makeActor, makePayer, makePayment } from "../support/billing";
import { DRIVER } from "../support/db";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { issueWith, numbering } from "../support/follow-up";
import { getRequest, routeArgs } from "../support/runtime";
import { readStoredZip } from "../support/zip";

const t = setUpTestApp();
const admin = setUpSignedIn(t, "admin");
const moderator = setUpSignedIn(t, "moderator");
const none = setUpSignedIn(t, null);

const issue = issueWith(numbering());
const today = parisToday();
const ISSUED_ON = "2025-03-01";
const ids: Record<string, string> = {};

beforeAll(async () => {
  const { db } = t.app;
  const on = (days: number) => ({ issuedOn: ISSUED_ON, dueOn: addDays(today, days) });
  const company = await makePayer(db, { kind: "company", name: "Atelier Dumas" });
  const opco = await makePayer(db, { kind: "opco", name: "OPCO Mobilités" });
  const region = await makePayer(db, { kind: "region", name: "Région Bretagne" });
  const person = await makePayer(db, { kind: "individual", name: "Camille Martin", siren: null });
  Object.assign(ids, { company: company.id, opco: opco.id, region: region.id, person: person.id });
  // Atelier Dumas: 1 000,00 € overdue by ten days, 500,00 € due in twenty.
  await issue(db, { payerId: company.id, ...on(-10) }, 100_000);
  await issue(db, { payerId: company.id, ...on(20) }, 50_000);
  // OPCO Mobilités: 3 000,00 € due in a month: owed, nothing overdue.
  await issue(db, { payerId: opco.id, ...on(30) }, 300_000);
  // Région Bretagne: 200,00 € overdue by forty days, 50,00 € of it paid.
  const regional = await issue(db, { payerId: region.id, ...on(-40) }, 20_000);
  await makePayment(db, {
    invoiceId: regional.id,
    amountCents: 5_000,
    receivedOn: ISSUED_ON,
    means: "transfer",
  });
  // Camille Martin: 400,00 € overdue but paid in full: owes nothing.
  const paid = await issue(db, { payerId: person.id, ...on(-5) }, 40_000);
  await makePayment(db, { invoiceId: paid.id, amountCents: 40_000, receivedOn: ISSUED_ON, means: "card" });
});

describe(`the Encours on ${DRIVER}`, () => {
  const page = (cookie?: string) =>
    outstandingRoute.loader(routeArgs(t, getRequest("/admin/encours", cookie)));

  it("lists the payers who owe, those with something overdue first, with the totals above", async () => {
    const data = await page(admin.cookie);
    expect(data.loadError).toBeNull();
    expect(data.payers.map((p) => [p.name, p.leftCents, p.overdueCents, p.oldestDueOn])).toEqual([
      ["Atelier Dumas", 150_000, 100_000, addDays(today, -10)],
      ["Région Bretagne", 15_000, 15_000, addDays(today, -40)],
      ["OPCO Mobilités", 300_000, 0, addDays(today, 30)],
    ]);
    expect(data.page.total).toBe(3);
    expect(data.totals).toEqual({ leftCents: 465_000, overdueCents: 115_000 });
  });

  it("is open to moderators (invoices:read), refused to a role-less user, anonymous sent to sign in", async () => {
    expect((await page(moderator.cookie)).payers).toHaveLength(3);
    await expect(page(none.cookie)).rejects.toMatchObject({ status: 403 });
    await expect(page()).rejects.toMatchObject({ status: 302 });
  });
});

describe(`the dashboard's encours on ${DRIVER}`, () => {
  const dashboard = (cookie: string) => dashboardRoute.loader(routeArgs(t, getRequest("/admin", cookie)));

  it("shows what is owed and what is overdue to the roles that read invoices (both staff roles do)", async () => {
    expect((await dashboard(admin.cookie)).outstanding).toEqual({
      leftCents: 465_000,
      overdueCents: 115_000,
    });
    expect((await dashboard(moderator.cookie)).outstanding).toEqual({
      leftCents: 465_000,
      overdueCents: 115_000,
    });
    await expect(dashboard(none.cookie)).rejects.toMatchObject({ status: 403 });
  });
});

describe(`the accounting exports on ${DRIVER}`, () => {
  const salesExport = (query: string, cookie?: string) =>
    salesExportRoute.loader(
      routeArgs(t, getRequest(`/admin/exports-comptables/journal-des-ventes.csv${query}`, cookie)),
    ) as Promise<Response>;

  it("asks for the last full month unless told, and says what is wrong with a bad period", async () => {
    expect(lastFullMonth("2027-03-15")).toEqual({ from: "2027-02-01", to: "2027-02-28" });
    expect(lastFullMonth("2027-01-01")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    const asked = periodAsked(new URLSearchParams("du=2027-03-31&au=2027-03-01"));
    expect(asked.period).toBeNull();
    expect(asked.errors).toEqual({ au: "La date de fin précède la date de début" });
    const page = await exportsRoute.loader(
      routeArgs(t, getRequest("/admin/exports-comptables", admin.cookie)),
    );
    expect(page.period).toEqual(lastFullMonth(today));
    await expect(
      exportsRoute.loader(routeArgs(t, getRequest("/admin/exports-comptables", moderator.cookie))),
    ).rejects.toMatchObject({ status: 403 });
  });

  it("the sales CSV: the period's invoices under its header", async () => {
    const response = await salesExport(`?du=${ISSUED_ON}&au=2025-03-31`, admin.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="journal-des-ventes-2025-03-01-au-2025-03-31.csv"',
    );
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(SALES_JOURNAL_HEADER.join(";"));
    expect(lines.slice(1).map((l) => l.split(";")[3])).toEqual([
      "Atelier Dumas",
      "Atelier Dumas",
      "OPCO Mobilités",
      "Région Bretagne",
      "Camille Martin",
    ]);
    expect((await salesExport("?du=2025-04-01&au=2025-04-30", admin.cookie)).status).toBe(200);
  });

  it("the period's invoices as a ZIP of their PDFs, in the order of issue, read by batches", async () => {
    // A stand-in for invoicePdf: the archive's work is choosing, ordering and packing the documents.
    const render = async (doc: { number: string; grossCents: number }) =>
      new TextEncoder().encode(`%PDF ${doc.number} ${doc.grossCents}`);
    const actor = await makeActor(t.app.db);
    const stream = await invoicesArchive(t.app.db, actor, { from: ISSUED_ON, to: "2025-03-31" }, render, 2);
    const entries = readStoredZip(new Uint8Array(await new Response(stream).arrayBuffer()));
    const text = entries.map((e) => new TextDecoder().decode(e.data));
    expect(text.map((s) => s.split(" ")[2])).toEqual(["100000", "50000", "300000", "20000", "40000"]);
    expect(entries.map((e) => e.name)).toEqual(text.map((s) => `${s.split(" ")[1]}.pdf`));
    const empty = await invoicesArchive(t.app.db, actor, { from: "2025-04-01", to: "2025-04-30" }, render);
    expect(readStoredZip(new Uint8Array(await new Response(empty).arrayBuffer()))).toEqual([]);
  });

  it("the ZIP route: each invoice's Factur-X PDF, named by its number; refused to a moderator and an anonymous visitor", async () => {
    const archive = (cookie?: string) =>
      archiveRoute.loader(
        routeArgs(
          t,
          getRequest(`/admin/exports-comptables/factures.zip?du=${ISSUED_ON}&au=2025-03-31`, cookie),
        ),
      ) as Promise<Response>;
    const response = await archive(admin.cookie);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="factures-2025-03-01-au-2025-03-31.zip"',
    );
    const entries = readStoredZip(new Uint8Array(await response.arrayBuffer()));
    expect(entries).toHaveLength(5);
    for (const entry of entries) {
      expect(entry.name).toMatch(/\.pdf$/);
      expect(new TextDecoder().decode(entry.data.subarray(0, 5))).toBe("%PDF-");
    }
    await expect(archive(moderator.cookie)).rejects.toMatchObject({ status: 403 });
    await expect(archive()).rejects.toMatchObject({ status: 302 });
  });

  it("refuses a bad period in French, a moderator (invoices:export is an administrator's) and an anonymous visitor", async () => {
    const bad = await salesExport("?du=2025-03-31&au=2025-03-01", admin.cookie);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("La date de fin précède la date de début");
    await expect(salesExport(`?du=${ISSUED_ON}&au=2025-03-31`, moderator.cookie)).rejects.toMatchObject({
      status: 403,
    });
    await expect(salesExport(`?du=${ISSUED_ON}&au=2025-03-31`)).rejects.toMatchObject({ status: 302 });
  });
});

describe(`the BPF's section C on ${DRIVER}`, () => {
  const csv = (query: string, cookie?: string) =>
    bpfProductsRoute.loader(
      routeArgs(t, getRequest(`/admin/statistiques/bpf/produits.csv${query}`, cookie)),
    ) as Promise<Response>;

  it("the BPF screen shows each line's amount excluding VAT from the year's invoices", async () => {
    const data = await bpfRoute.loader(
      routeArgs(t, getRequest("/admin/statistiques/bpf?annee=2025", moderator.cookie)),
    );
    const byCode = Object.fromEntries(
      (data.products?.lines ?? []).map((l) => [l.code, [l.cents, l.documents]]),
    );
    expect(byCode).toMatchObject({
      "1": [150_000, 2],
      "2-h": [300_000, 1],
      "6": [20_000, 1],
      "9": [40_000, 1],
      "7": [0, 0],
    });
    expect(data.products?.totalCents).toBe(510_000);
    expect(data.products?.fundManagersCents).toBe(300_000);
  });

  it("a line's CSV for an administrator; refused to a moderator, an unknown line answers 404", async () => {
    const response = await csv("?annee=2025&ligne=c1", admin.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="bpf-2025-produits-1.csv"',
    );
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(3);
    expect((await csv("?annee=2025&ligne=c99", admin.cookie)).status).toBe(404);
    await expect(csv("?annee=2025&ligne=all", moderator.cookie)).rejects.toMatchObject({ status: 403 });
    await expect(csv("?annee=2025&ligne=all")).rejects.toMatchObject({ status: 302 });
  });
});
