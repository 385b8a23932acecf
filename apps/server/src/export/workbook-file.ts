import { contentTypes, PACKAGE_RELS, sheetXml, workbookRels, workbookXml } from './sheet-xml.js';
import type { PackedRows } from './packed-rows.js';
import type { SheetLayout } from './sheet-xml.js';
import { ZipWriter } from './zip-writer.js';

/**
 * Writes the .xlsx `file` (DOMAIN.md, Exports): the package parts, then each sheet's header row frozen, its column
 * widths and its rows as they come from `batchesOf(sheet)`, as SpreadsheetML text deflated straight into the zip
 * (inline strings, no styles). At most `maxRows` rows a sheet. Answers the rows written per sheet. Runs on the
 * export's sheet thread (sheet-writer.worker.ts).
 */
export async function writeWorkbookFile(
  file: string,
  layouts: readonly SheetLayout[],
  batchesOf: (sheet: number) => AsyncIterable<PackedRows>,
  maxRows: number,
): Promise<number[]> {
  const counts: number[] = [];
  const zip = new ZipWriter(file);
  try {
    await zip.add('[Content_Types].xml', contentTypes(layouts.length));
    await zip.add('_rels/.rels', PACKAGE_RELS);
    await zip.add('xl/workbook.xml', workbookXml(layouts.map((layout) => layout.title)));
    await zip.add('xl/_rels/workbook.xml.rels', workbookRels(layouts.length));
    for (const [i, layout] of layouts.entries()) {
      const counted = { rows: 0 };
      await zip.add(`xl/worksheets/sheet${i + 1}.xml`, sheetXml(layout, batchesOf(i), maxRows, counted));
      counts.push(counted.rows);
    }
    await zip.close();
  } catch (error) {
    // The caller removes the unfinished file.
    zip.destroy();
    throw error;
  }
  return counts;
}
