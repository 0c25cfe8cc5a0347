/**
 * What a Factur-X PDF declares in its XMP metadata (Factur-X 1.0, § 6.2): the name of the embedded
 * XML, its type, the version of the Factur-X XMP schema and the profile, and, for PDF/A-3, the
 * extension schema describing those four properties, as the FNFE-MPE publishes it
 * (schemas/factur-x/xmp/Factur-X_extension_schema.xmp; tests/unit/facturx.test.ts compares them).
 * Fixed text without any invoice data: nothing to escape.
 */
export const FACTURX_NAMESPACE = "urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#";
export const FACTURX_FILE_NAME = "factur-x.xml";

const property = (name: string, description: string) => `
            <rdf:li rdf:parseType="Resource">
              <pdfaProperty:name>${name}</pdfaProperty:name>
              <pdfaProperty:valueType>Text</pdfaProperty:valueType>
              <pdfaProperty:category>external</pdfaProperty:category>
              <pdfaProperty:description>${description}</pdfaProperty:description>
            </rdf:li>`;

/** The rdf:Description elements pdfkit's appendXML adds inside the document's rdf:RDF. */
export const FACTURX_XMP = `
  <rdf:Description rdf:about="" xmlns:fx="${FACTURX_NAMESPACE}">
    <fx:DocumentType>INVOICE</fx:DocumentType>
    <fx:DocumentFileName>${FACTURX_FILE_NAME}</fx:DocumentFileName>
    <fx:Version>1.0</fx:Version>
    <fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
  </rdf:Description>
  <rdf:Description rdf:about=""
      xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"
      xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#"
      xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
    <pdfaExtension:schemas>
      <rdf:Bag>
        <rdf:li rdf:parseType="Resource">
          <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
          <pdfaSchema:namespaceURI>${FACTURX_NAMESPACE}</pdfaSchema:namespaceURI>
          <pdfaSchema:prefix>fx</pdfaSchema:prefix>
          <pdfaSchema:property>
            <rdf:Seq>${[
              property("DocumentFileName", "name of the embedded XML invoice file"),
              property("DocumentType", "INVOICE"),
              property("Version", "The actual version of the Factur-X XML schema"),
              property("ConformanceLevel", "The conformance level of the embedded Factur-X data"),
            ].join("")}
            </rdf:Seq>
          </pdfaSchema:property>
        </rdf:li>
      </rdf:Bag>
    </pdfaExtension:schemas>
  </rdf:Description>`;
