export * from './envelope';
export * from './entity';
export * from './entities/position';
export * from './entities/role';
export * from './entities/depart';
export * from './entities/user';
export * from './entities/tenant';
export * from './entities/category';
