export function OrderListPage() {
  return <div />;
}
