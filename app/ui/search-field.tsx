import { Search } from "lucide-react";
import { Input, Label } from "./input";

/**
 * The public search box (catalogue, resources): a plain `q` field of a GET form, so the search works
 * without JavaScript and lives in the URL; once hydrated the page follows it as the visitor types.
 */
export function SearchField({
  label,
  placeholder,
  value,
  onValue,
}: {
  label: string;
  placeholder: string;
  value: string;
  onValue: (q: string) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="q">{label}</Label>
      <div className="relative">
        <Search aria-hidden="true" className="absolute left-3 top-3 h-4 w-4 text-muted-foreground" />
        <Input
          id="q"
          name="q"
          type="search"
          placeholder={placeholder}
          className="pl-9"
          value={value}
          onChange={(event) => onValue(event.target.value)}
        />
      </div>
    </div>
  );
}
