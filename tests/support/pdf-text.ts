/** Every text item of every page of a PDF, joined by spaces; no-break spaces read as spaces. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false }).promise;
  const parts: string[] = [];
  for (let index = 1; index <= doc.numPages; index += 1) {
    const content = await (await doc.getPage(index)).getTextContent();
    for (const item of content.items) if ('str' in item) parts.push(item.str);
  }
  await doc.destroy();
  return parts.join(' ').replace(/\u00a0/g, ' ');
}
