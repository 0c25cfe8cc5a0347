// The migration that made the register (Formateurs) say who teaches: Paramètres' 'Formateurs et
// qualifications' lines and the names typed on the timetable's slots become trainers (one per person,
// names compared without case and extra spaces, split into first and last name at the first space),
// each slot points at its trainer, Paramètres' field is gone, and a countersignature keeps the name it
// was signed with. Run on records as they were before it.
import { describe, expect, it } from "vitest";
import { DRIVER } from "../support/db";
import { setUpBeforeMigration } from "../support/migration";

const migration = setUpBeforeMigration("_trainers");

/** The settings row, its required columns blank: whatever columns the schema has at this point. */
async function settingsRow(qualifications: unknown) {
  const required = await migration.database.query<{ column_name: string; data_type: string }>(
    `select column_name, data_type from information_schema.columns
      where table_name = 'centre_settings' and is_nullable = 'NO' and column_default is null`,
  );
  const blank = (type: string) =>
    type === "jsonb" ? "'[]'::jsonb" : type === "integer" ? "0" : type === "boolean" ? "false" : "''";
  const columns = required.map((c) => c.column_name);
  const values = required.map((c) => blank(c.data_type));
  await migration.database.query(
    `insert into centre_settings (${[...columns, "trainer_qualifications"].join(", ")})
     values (${[...values, "$1::jsonb"].join(", ")})`,
    [JSON.stringify(qualifications)],
  );
}

describe(`trainers migration on ${DRIVER}`, () => {
  it("moves Paramètres' lines and the slots' names into the register, links each slot, drops the field, leaves countersignatures as signed", async () => {
    await settingsRow([
      { name: "Ada  Lovelace", qualification: "Ingénieure, 10 ans de développement web" },
      { name: "Jean-Pierre de La Fontaine", qualification: "Master MEEF" },
      { name: "Dupont", qualification: "BTS Comptabilité" },
    ]);
    const [formation] = await migration.database.query<{ id: string }>(
      `insert into formations (title, slug, formation_type) values ('WordPress', 'wordpress', 'courte') returning id`,
    );
    const [session] = await migration.database.query<{ id: string }>(
      `insert into formation_sessions (formation_id, start_date, end_date, seats)
       values ($1, '2027-03-01', '2027-03-05', 12) returning id`,
      [formation?.id],
    );
    const slot = async (day: string, trainer: string | null) =>
      (
        await migration.database.query<{ id: string }>(
          `insert into session_slots (session_id, day, start_minute, end_minute, trainer)
           values ($1, $2, 540, 720, $3) returning id`,
          [session?.id, day, trainer],
        )
      )[0]?.id ?? "";
    const slots = {
      ada: await slot("2027-03-01", " ada lovelace "),
      alan: await slot("2027-03-02", "Alan Turing"),
      alanAgain: await slot("2027-03-03", "alan  TURING"),
      dupont: await slot("2027-03-04", "Dupont"),
      nobody: await slot("2027-03-05", null),
    };
    // Signed before the migration, under the name typed then.
    await migration.database.query(
      `insert into attendance_countersignatures (slot_id, trainer_name, signature)
       values ($1, 'ada lovelace', '\\x89504e47'::bytea)`,
      [slots.ada],
    );

    await migration.migrateRest();

    const trainers = await migration.database.query<{
      id: string;
      first_name: string;
      last_name: string;
      qualification: string;
      active: boolean;
    }>("select id, first_name, last_name, qualification, active from trainers order by lower(last_name)");
    expect(trainers.map(({ id: _id, ...t }) => t)).toEqual([
      { first_name: "Jean-Pierre", last_name: "de La Fontaine", qualification: "Master MEEF", active: true },
      { first_name: "", last_name: "Dupont", qualification: "BTS Comptabilité", active: true },
      {
        first_name: "Ada",
        last_name: "Lovelace",
        qualification: "Ingénieure, 10 ans de développement web",
        active: true,
      },
      // Named on a slot only: in the register, with no qualification yet.
      { first_name: "Alan", last_name: "Turing", qualification: "", active: true },
    ]);
    const idOf = (last: string) => trainers.find((t) => t.last_name === last)?.id;

    const linked = await migration.database.query<{
      id: string;
      trainer_id: string | null;
      trainer: string | null;
    }>("select id, trainer_id, trainer from session_slots order by day");
    expect(linked).toEqual([
      { id: slots.ada, trainer_id: idOf("Lovelace"), trainer: "Ada Lovelace" },
      { id: slots.alan, trainer_id: idOf("Turing"), trainer: "Alan Turing" },
      { id: slots.alanAgain, trainer_id: idOf("Turing"), trainer: "Alan Turing" },
      { id: slots.dupont, trainer_id: idOf("Dupont"), trainer: "Dupont" },
      { id: slots.nobody, trainer_id: null, trainer: null },
    ]);

    // Evidence stays as signed.
    expect(
      await migration.database.query(
        "select trainer_name from attendance_countersignatures where slot_id = $1",
        [slots.ada],
      ),
    ).toEqual([{ trainer_name: "ada lovelace" }]);
    // Paramètres no longer holds the lines.
    expect(
      await migration.database.query(
        "select 1 from information_schema.columns where table_name = 'centre_settings' and column_name = 'trainer_qualifications'",
      ),
    ).toEqual([]);

    // From now on the register names its trainers once: renaming one renames their slots.
    await migration.database.query("update trainers set last_name = 'King' where id = $1", [
      idOf("Lovelace"),
    ]);
    expect(
      await migration.database.query("select trainer from session_slots where id = $1", [slots.ada]),
    ).toEqual([{ trainer: "Ada King" }]);
  });
});
