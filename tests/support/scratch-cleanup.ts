// Vitest's set-up file for every test file: what the file made with scratchDir is removed after it
// (this hook is registered first, so it runs after the file's own afterAll hooks have closed its
// databases and servers).
import { afterAll } from "vitest";
import { removeScratch } from "./scratch";

afterAll(() => removeScratch());
