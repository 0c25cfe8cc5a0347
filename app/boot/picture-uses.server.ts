// Every feature that shows pictures of the médiathèque tells it where (features/media/picture-uses.server.ts),
// registered once when this module loads: boot/runtime.server.ts imports it, so every runtime (the
// server's, each test's) has them before a request is served. The order here is the order of the
// places in the refusal of a deletion: formations, articles, testimonials, then the logo.
import { articlePictureUse } from "~/features/articles/picture-use.server";
import { formationPictureUse } from "~/features/catalogue/picture-use.server";
import { registerPictureUse } from "~/features/media/index.server";
import { logoPictureUse } from "~/features/settings/picture-use.server";
import { testimonialPictureUse } from "~/features/testimonials/picture-use.server";

registerPictureUse("formations", formationPictureUse);
registerPictureUse("articles", articlePictureUse);
registerPictureUse("testimonials", testimonialPictureUse);
registerPictureUse("logo", logoPictureUse);
