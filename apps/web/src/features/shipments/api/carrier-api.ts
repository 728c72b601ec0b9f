import type { AirwayBill, ShipmentTracking } from '@hopbox/contracts/shipments';
import type { Client } from 'openapi-fetch';
import { api } from '@/lib/api-client';

/*
 * The carrier routes (booking, labels, tracking) as the session client sees them. Their answers are
 * contracts' own types (`airwayBillSchema`, `shipmentTrackingSchema`), written here in the shape
 * `openapi-typescript` gives a route, so the calls go through `api` (the session, the one error
 * path) with their paths, parameters and answers checked. Once `api-schema.gen.ts` describes these
 * routes, the callers use `api` itself and this module goes.
 */

interface Answered<T> {
  200: { headers: { [name: string]: unknown }; content: { 'application/json': { success: true; data: T } } };
}
interface PdfAnswer {
  200: { headers: { [name: string]: unknown }; content: { 'application/pdf': string } };
}
interface OfShipment<Responses> {
  parameters: { query?: never; header?: never; path: { id: number }; cookie?: never };
  requestBody?: never;
  responses: Responses;
}
interface OfShipments<Responses> {
  parameters: { query: { ids: string }; header?: never; path?: never; cookie?: never };
  requestBody?: never;
  responses: Responses;
}

interface CarrierPaths {
  '/api/staff/shipments/{id}/airway-bill': { post: OfShipment<Answered<AirwayBill>> };
  '/api/staff/shipments/{id}/label': { get: OfShipment<PdfAnswer> };
  '/api/staff/shipments/labels': { get: OfShipments<PdfAnswer> };
  '/api/staff/shipments/{id}/tracking/refresh': { post: OfShipment<Answered<ShipmentTracking>> };
  '/api/user/shipments/{id}/tracking': { get: OfShipment<Answered<ShipmentTracking>> };
}

/** `api`, typed for the carrier routes until the generated schema has them. */
export const carrierApi = api as unknown as Client<CarrierPaths>;
