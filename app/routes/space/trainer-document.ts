import { trainerOf } from "~/features/spaces/index.server";
import { trainerDocumentFile } from "~/features/trainers/index.server";
import { entityId } from "~/platform/form-schema";
import { missingFile, storedFileDownload } from "~/platform/http/download.server";
import type { Route } from "./+types/trainer-document";

/**
 * One of the trainer's own documents of the register, downloaded (never inline, no sniffing, no
 * cache: the /espace rule); anyone else's, or an unknown one, answers 404.
 */
export async function loader(args: Route.LoaderArgs) {
  const { membership } = await trainerOf(args, args.params.trainerId);
  const id = entityId.safeParse(args.params.documentId);
  const file = id.success
    ? await trainerDocumentFile(args.context.app.db, membership.trainerId, id.data)
    : null;
  return file ? storedFileDownload(file) : missingFile("Document introuvable");
}
