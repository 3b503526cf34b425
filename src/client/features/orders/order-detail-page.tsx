export function OrderDetailPage() {
  return <div />;
}
