/**
 * The server-side checks of an entity's plain text fields, from their declaration (entity.ts): each
 * trimmed, blank made null unless required, at most its length. Apart from entity.ts so that reading
 * a label never loads zod: only the features' schema modules (loaded lazily by public forms) import it.
 */
import type { FieldDeclaration, RequiredTextFieldOf, TextFieldOf } from "./entity";
import { optionalText, requiredText } from "./form-schema";

type Declared = Readonly<Record<string, FieldDeclaration>>;

/** The server-side checks of the plain text fields, from their declaration, to spread in a zod object. */
export const textFieldChecks = <F extends Declared>(fields: F) =>
  Object.fromEntries(
    Object.entries(fields).flatMap(([name, d]) =>
      d.text ? [[name, d.text.required ? requiredText(d.text.max) : optionalText(d.text.max)]] : [],
    ),
  ) as { [K in RequiredTextFieldOf<F>]: ReturnType<typeof requiredText> } & {
    [K in Exclude<TextFieldOf<F>, RequiredTextFieldOf<F>>]: ReturnType<typeof optionalText>;
  };
