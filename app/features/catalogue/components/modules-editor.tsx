import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import type { ModuleInput } from "~/features/catalogue/formation-schema";
import { plural } from "~/platform/plural";
import { Button } from "~/ui/button";
import { IconAction } from "~/ui/console/list-table";
import { Input, Label, Textarea } from "~/ui/input";

interface Row extends ModuleInput {
  key: number;
}

/**
 * Programme editor: add (empty), edit, remove, move up or down (not past the ends).
 * The list posts as JSON in one hidden field named `name`. The site numbers the modules, as here:
 * each title says so, and the server drops a 'Module N :' typed into it.
 */
export function ModulesEditor({ name, initial }: { name: string; initial: ModuleInput[] }) {
  const nextKey = useRef(initial.length);
  const [rows, setRows] = useState<Row[]>(() => initial.map((m, key) => ({ ...m, key })));
  const update = (key: number, patch: Partial<ModuleInput>) =>
    setRows((list) => list.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const move = (index: number, by: -1 | 1) =>
    setRows((list) => {
      const target = index + by;
      if (target < 0 || target >= list.length) return list;
      const copy = [...list];
      const [row] = copy.splice(index, 1);
      if (row) copy.splice(target, 0, row);
      return copy;
    });
  const serialised = JSON.stringify(
    rows.map(({ title, duration, content }) => ({ title, duration, content })),
  );
  return (
    <div className="space-y-3">
      <input type="hidden" name={name} value={serialised} />
      <div className="flex items-center justify-between">
        <p className="text-sm font-medium">Programme ({plural(rows.length, "module")})</p>
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            setRows((list) => [...list, { key: nextKey.current++, title: "", duration: "", content: "" }])
          }
        >
          <Plus aria-hidden="true" className="h-4 w-4" /> Ajouter un module
        </Button>
      </div>
      <ol className="space-y-3">
        {rows.map((row, index) => {
          const id = `module-${row.key}`;
          const n = index + 1;
          return (
            <li key={row.key} className="space-y-2 rounded-md border border-border p-3" data-testid="module">
              <div className="flex items-center justify-between gap-2">
                <p className="text-sm font-semibold">Module {n}</p>
                <div className="flex gap-1">
                  <IconAction
                    label={`Monter le module ${n}`}
                    icon={ArrowUp}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  />
                  <IconAction
                    label={`Descendre le module ${n}`}
                    icon={ArrowDown}
                    disabled={index === rows.length - 1}
                    onClick={() => move(index, 1)}
                  />
                  <IconAction
                    label={`Supprimer le module ${n}`}
                    icon={Trash2}
                    destructive
                    onClick={() => setRows((list) => list.filter((r) => r.key !== row.key))}
                  />
                </div>
              </div>
              <div className="grid gap-2 sm:grid-cols-[1fr_8rem]">
                <div className="space-y-1">
                  <Label htmlFor={`${id}-title`}>Titre du module {n}</Label>
                  <Input
                    id={`${id}-title`}
                    value={row.title}
                    aria-describedby={`${id}-title-hint`}
                    onChange={(e) => update(row.key, { title: e.target.value })}
                  />
                  <p id={`${id}-title-hint`} className="text-xs text-muted-foreground">
                    Le site affiche « Module {n} : » devant le titre.
                  </p>
                </div>
                <div className="space-y-1">
                  <Label htmlFor={`${id}-duration`}>Durée du module {n}</Label>
                  <Input
                    id={`${id}-duration`}
                    value={row.duration}
                    placeholder="120h"
                    onChange={(e) => update(row.key, { duration: e.target.value })}
                  />
                </div>
              </div>
              <div className="space-y-1">
                <Label htmlFor={`${id}-content`}>Contenu du module {n} (un point par ligne)</Label>
                <Textarea
                  id={`${id}-content`}
                  className="min-h-[72px]"
                  value={row.content}
                  onChange={(e) => update(row.key, { content: e.target.value })}
                />
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
