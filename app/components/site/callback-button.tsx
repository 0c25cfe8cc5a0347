import { ButtonLink, type ButtonSize, type ButtonVariant } from "~/components/ui/button";

export interface CallbackButtonProps {
  /** Where the request comes from, stored as contact_requests.source (e.g. "callback_home_hero"). */
  source: string;
  /** The course title to prefill (on a course page). */
  formation?: string;
  label?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

// Placeholder until the callback dialog lands (contact issue): leads to the appointment form.
export function CallbackButton({ label = "Être rappelé·e", variant, size, className }: CallbackButtonProps) {
  return (
    <ButtonLink
      to="/contact?sujet=rdv"
      {...(variant ? { variant } : {})}
      {...(size ? { size } : {})}
      className={className}
    >
      {label}
    </ButtonLink>
  );
}
