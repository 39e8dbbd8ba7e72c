/**
 * The page of an entity whose menu component has no page of its own (views/registry.ts): the generic ListPage of
 * its definition. One component per entity, made once, so a kept-alive tab keeps its identity.
 */
import type { ComponentType, ReactNode } from 'react';
import type { EntityDef } from '@pk/contract';
import { ListPage } from './ListPage';

const pages = new Map<string, ComponentType>();

export function entityPage(entity: EntityDef): ComponentType {
  let page = pages.get(entity.key);
  if (!page) {
    const Page = (): ReactNode => <ListPage entity={entity} />;
    Page.displayName = `EntityListPage(${entity.key})`;
    pages.set(entity.key, Page);
    page = Page;
  }
  return page;
}
