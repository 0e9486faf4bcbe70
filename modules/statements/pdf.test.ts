import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { pdfFileName, statementPdf, unprintable } from "./pdf.ts";

/** The statement PDF (decision 0096) read back with a PDF text extractor. */
describe("a statement as a PDF", () => {
  it("sets a Devanagari name and a long letter on A4 pages, the paragraphs in order", async () => {
    const paragraph = (n: number) =>
      `Paragraph ${n}: after my diploma in supply chain management at Symbiosis, Pune, I worked for two years at a cold-storage firm in Nashik, planning the routes of refrigerated trucks for grape exporters. `.repeat(
        3,
      );
    const bytes = await statementPdf({
      title: "Letter of explanation",
      studentName: "हरप्रीत कौर",
      university: "Lakehead Valley College",
      course: "Graduate Certificate in Supply Chain Management",
      note: "Version 3, approved on 4 March 2027",
      paragraphs: Array.from({ length: 12 }, (_, i) => paragraph(i + 1)),
    });
    const pdf = await getDocumentProxy(bytes);
    expect(pdf.numPages).toBeGreaterThan(1);
    const page = await pdf.getPage(1);
    const [, , width, height] = page.view;
    // A4 is 595 x 842 points.
    expect([Math.round(width ?? 0), Math.round(height ?? 0)]).toEqual([595, 842]);
    const { text } = await extractText(pdf, { mergePages: true });
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain("हरप्रीत कौर");
    expect(flat).toContain("Letter of explanation");
    expect(flat).toContain("Graduate Certificate in Supply Chain Management, Lakehead Valley College");
    expect(flat.indexOf("Paragraph 11:")).toBeGreaterThan(flat.indexOf("Paragraph 10:"));
    expect(flat).toContain("Paragraph 12:");
  });

  it("leaves out what its fonts cannot draw (an emoji, Tamil) rather than empty boxes, and names it first", async () => {
    const paragraphs = [
      "My grandmother in Madurai still greets every guest with வணக்கம், and I learnt English from her newspapers 😀.",
      "मेरी माँ कहती हैं कि मेहनत कभी बेकार नहीं जाती ❤️ and my family has saved ₹25,00,000 for the course.",
    ];
    expect(unprintable(paragraphs)).toEqual(["வ", "ண", "க்", "க", "ம்", "😀", "❤️"]);
    expect(unprintable(["Priya Sharma, प्रिया शर्मा: “quotes”, 25–30 September, café, Łódź, ₹"])).toEqual([]);
    const bytes = await statementPdf({
      title: "Statement of purpose",
      studentName: "Meenakshi Sundaram",
      university: "Northbridge University",
      course: "MSc Data Science",
      note: "Version 2, approved on 28 November 2026",
      paragraphs,
    });
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    const flat = text.replace(/\s+/g, " ");
    // An empty box comes back from the text layer as U+0000 (the font's glyph 0), a lost character as U+FFFD.
    for (const box of ["\u0000", "\uFFFD", "\u25A1"]) expect(text).not.toContain(box);
    expect(flat).toContain("still greets every guest with , and I learnt English from her newspapers .");
    expect(flat).toContain("मेहनत कभी बेकार नहीं जाती and my family has saved ₹25,00,000 for the course.");
  });

  it("names the file in ASCII from the title and the university", () => {
    expect(pdfFileName("Statement of purpose", "Université de Montréal")).toBe("Statement-of-purpose-Universite-de-Montreal.pdf");
    expect(pdfFileName("Letter of explanation", "Lakehead Valley College")).toBe(
      "Letter-of-explanation-Lakehead-Valley-College.pdf",
    );
  });
});
