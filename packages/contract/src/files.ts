/** The mime type of every spreadsheet the server sends (templates and exports). */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
