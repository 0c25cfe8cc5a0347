/**
 * A centre that may issue invoices (its name, SIRET, address and activity number in Paramètres), one
 * formation 'Assistant RH' (1 800 € at the catalogue) with a session from 11 January to 26 March 2027,
 * and its learner Léa Martin: the SQL a billing spec's own server starts from (`ownServer.postgres.setUp`),
 * followed by the spec's own payers and plans.
 */
export const BILLING_CENTRE_SQL = `
  update centre_settings set name = 'Forma Rhône', legal_form = 'SAS', siret = '732 829 320 00074',
    street = '3 place Bellecour', postal_code = '69002', city = 'Lyon', phone = '04 72 00 00 00',
    email = 'contact@forma-rhone.test', activity_number = '84691234569',
    activity_region = 'Auvergne-Rhône-Alpes';
  insert into formations (title, slug, description, formation_type, price)
    values ('Assistant RH', 'assistant-rh', 'Gérer l''administration du personnel.', 'courte', 1800);
  insert into formation_sessions (formation_id, start_date, end_date, seats)
    select id, '2027-01-11', '2027-03-26', 10 from formations where slug = 'assistant-rh';
  insert into learners (session_id, origin, first_name, last_name, email)
    select id, 'manual', 'Léa', 'Martin', 'lea.martin@example.test' from formation_sessions;`;
