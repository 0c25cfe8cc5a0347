// The part of SaxonJS (npm saxon-js, no types of its own) that tests/support/facturx.ts uses.
declare module "saxon-js" {
  /** A node of SaxonJS's own document model: read only through XPath here. */
  export type SaxonNode = object;

  export interface TransformOptions {
    /** The compiled stylesheet (a SEF file, parsed JSON). */
    stylesheetInternal: object;
    /** Where relative URIs of the stylesheet (document('codedb.xml')) resolve from. */
    stylesheetBaseURI?: string;
    sourceText: string;
    destination: "document";
    /** Documents already parsed, by absolute URI: document() takes them from here. */
    documentPool?: Record<string, SaxonNode>;
  }

  const SaxonJS: {
    transform(options: TransformOptions, mode: "sync"): { principalResult: SaxonNode };
    getResource(options: { file?: string; text?: string; type: "xml" }): Promise<SaxonNode>;
    XPath: {
      evaluate(
        xpath: string,
        context: SaxonNode,
        options?: { namespaceContext?: Record<string, string>; resultForm?: "array" },
      ): unknown;
    };
  };
  export default SaxonJS;
}
