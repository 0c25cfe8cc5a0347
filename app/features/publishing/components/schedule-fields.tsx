import type { ComponentProps } from "react";
import { ConsoleFields } from "~/ui/console/form-fields";

/**
 * 'Programmer la publication le' and 'Dépublier le' (Paris time), the same two fields on the form of
 * every publishable record; `what` names it in the hint ("L'article reste non publié…").
 */
export function ScheduleFields({
  what,
  unpublish = true,
  ...common
}: Omit<ComponentProps<typeof ConsoleFields>, "fields"> & {
  what: string;
  /** False for a record never taken off the site (a page): no 'Dépublier le'. */
  unpublish?: boolean;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <ConsoleFields
        {...common}
        fields={[
          {
            name: "publishAt",
            label: "Programmer la publication le",
            type: "datetime-local",
            hint: `Heure de Paris. ${what} reste non publié d'ici là, puis paraît dans la minute.`,
          },
          ...(unpublish
            ? [
                {
                  name: "unpublishAt",
                  label: "Dépublier le",
                  type: "datetime-local" as const,
                  hint: "Facultatif, heure de Paris.",
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}
