export * from './envelope';
export * from './entity';
export * from './entities/position';
