/**
 * Every table of the product (Drizzle), one file per area under tables/; drizzle-kit reads them through this file.
 */
export * from './tables/organisation.js';
export * from './tables/sys-log.js';
export * from './tables/device.js';
export * from './tables/card.js';
export * from './tables/road.js';
export * from './tables/punch.js';
export * from './tables/files.js';
export * from './tables/app-setting.js';
export * from './tables/alert.js';
export * from './tables/photo.js';
export * from './tables/digest.js';
export * from './tables/inspection.js';
export * from './tables/shift.js';
export * from './tables/safety.js';
