import './locale.js';

export * from './envelope.js';
export * from './locale.js';
export * from './auth.js';
export * from './menu.js';
export * from './syslog.js';
export * from './common.js';
export * from './hold.js';
export * from './staff.js';
export * from './syslog-list.js';
export * from './device.js';
export * from './card.js';
export * from './upload.js';
export * from './road.js';
export * from './task.js';
export * from './punch.js';
export * from './dashboard.js';
export * from './record.js';
