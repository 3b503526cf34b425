// What other features may use of devices/: the merchant's devices tab, the status badge and the query keys.
// The rest (the device list page) is its own (decision 0042).
export { DeviceStatusBadge } from './device-status-badge';
export { deviceKeys } from './devices-api';
export { MerchantDevicesTab } from './merchant-devices-tab';
