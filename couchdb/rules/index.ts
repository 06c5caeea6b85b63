/** Pure rules shared by the gateway and the client: access, listing states, contact, formats. */
export * from './access';
export * from './contact';
export * from './decision';
export * from './format';
export * from './listing-media';
export * from './property-status';
export * from './reconcile';
export * from './property-filter';
export * from './recent';
export * from './visibility';
