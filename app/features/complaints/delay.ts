/** How long a complaint took, or has taken so far: whole days from receipt, as the register shows it. */
export function handlingDelay(
  createdAt: Date | string,
  handledAt: Date | string | null,
  now: Date = new Date(),
): string {
  const end = handledAt ? new Date(handledAt) : now;
  const days = Math.floor((end.getTime() - new Date(createdAt).getTime()) / 86_400_000);
  const span = days < 1 ? "moins d'un jour" : days === 1 ? "1 jour" : `${days} jours`;
  return handledAt ? span : `en cours depuis ${span}`;
}
