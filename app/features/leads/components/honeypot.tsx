import { HONEYPOT_FIELD } from "~/features/leads/content";

/** Hidden from people and assistive technology; bots fill it and are quietly dropped. */
export function Honeypot({ form }: { form: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={`${form}-website`}>Ne pas remplir ce champ</label>
      <input id={`${form}-website`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
