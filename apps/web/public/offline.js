// The offline page: "Try again" reloads the page the visitor asked for (it comes back when the
// network does), and the page reloads by itself once the phone is back online.
(() => {
  var button = document.getElementById("retry");
  var status = document.getElementById("status");
  function retry() {
    if (status) status.textContent = "ချိတ်ဆက်နေသည်… · Connecting…";
    window.location.reload();
  }
  if (button) button.addEventListener("click", retry);
  window.addEventListener("online", retry);
})();
