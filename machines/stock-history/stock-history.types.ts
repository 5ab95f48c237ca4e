import type { Page } from '../../src/contracts/envelope';
import type { InventoryMovement } from '../../src/contracts/products';
import type { ResourceError } from '../resource/resource.types';

export type MovementPage = Page<InventoryMovement>;

export interface StockHistoryInput {
  productId: number;
  /** Movements per page; the panel's default when absent. */
  perPage?: number;
}

export interface FetchMovementsInput {
  productId: number;
  page: number;
  perPage: number;
}

export interface StockHistoryContext {
  productId: number;
  page: number;
  perPage: number;
  /** The page shown: kept while another page loads. */
  items: InventoryMovement[];
  total: number;
  failure: ResourceError | null;
}

export type StockHistoryEvent =
  { type: 'page.go'; page: number } | { type: 'retry' } | { type: 'connection.online' };
